import { Skeleton } from "@mantine/core";
import { useEffect, useState } from "react";
import classes from "./wallet.module.css";

export interface AddressQrCodeProps {
  value: string;
  alt: string;
  size?: number;
}

/**
 * The address as a QR code, drawn in the browser. The qrcode library is fetched only when a
 * code is first shown, so the wallet page's own code stays small. Dark modules on white in both
 * themes: scanners read that best.
 */
export function AddressQrCode({ value, alt, size = 184 }: AddressQrCodeProps) {
  const [image, setImage] = useState<{ value: string; url: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void import("qrcode")
      .then((qrcode) =>
        qrcode.toDataURL(value, {
          errorCorrectionLevel: "M",
          margin: 1,
          width: size * 2,
          color: { dark: "#0f1522", light: "#ffffff" },
        }),
      )
      .then((url) => {
        if (isCurrent) setImage({ value, url });
      })
      .catch(() => {
        // Without a code the address text and its copy button still do the job.
        if (isCurrent) setImage(null);
      });
    return () => {
      isCurrent = false;
    };
  }, [value, size]);

  return (
    <div className={classes.qrFrame} style={{ width: size + 24, height: size + 24 }}>
      {image?.value === value ? (
        <img src={image.url} alt={alt} width={size} height={size} data-testid="wallet-address-qr" />
      ) : (
        <Skeleton width={size} height={size} radius="sm" />
      )}
    </div>
  );
}
