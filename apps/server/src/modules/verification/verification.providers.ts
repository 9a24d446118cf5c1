import type { Config } from "../../config.ts";
import type { FileStorage } from "../../platform/index.ts";
import { manualProvider } from "./verification.manual-provider.ts";
import type { VerificationProvider } from "./verification.provider.ts";
import { sumsubClientOf } from "./verification.sumsub-client.ts";
import { sumsubProviderOf } from "./verification.sumsub-provider.ts";

/** The provider VERIFICATION_PROVIDER names (docs/decisions/118-sumsub-provider.md); `manual` by default. */
export function providerFor(config: Config, storage: FileStorage): VerificationProvider {
  return config.VERIFICATION_PROVIDER === "sumsub" ? sumsubProviderOf(sumsubClientOf(config), storage) : manualProvider;
}
