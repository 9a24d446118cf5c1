-- An outside provider's callback names its own reference (docs/decisions/118-sumsub-provider.md):
-- one submission per provider and reference, found by it.
CREATE UNIQUE INDEX verification_submissions_provider_reference
  ON verification_submissions (provider, provider_reference)
  WHERE provider_reference IS NOT NULL;
