import { describe, expect, it } from "vitest";
import { selectSiteBanners } from "./site-banners.tsx";

describe("selectSiteBanners", () => {
  it("shows maintenance first, then each admin alert in order; nothing while the status is unknown", () => {
    expect(selectSiteBanners(undefined)).toEqual([]);
    expect(selectSiteBanners({ maintenanceInfo: null, adminAlerts: [] })).toEqual([]);
    expect(
      selectSiteBanners({
        maintenanceInfo: { message: "Back at 14:00" },
        adminAlerts: [
          { id: 3, message: "New fees" },
          { id: 7, message: "Holiday hours" },
        ],
      }),
    ).toEqual([
      { id: "maintenanceInfo", testId: "maintenanceInfo", message: "Back at 14:00" },
      { id: "adminAlert-3", testId: "adminAlert", message: "New fees" },
      { id: "adminAlert-7", testId: "adminAlert", message: "Holiday hours" },
    ]);
  });
});
