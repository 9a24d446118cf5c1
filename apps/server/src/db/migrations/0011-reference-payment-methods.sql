-- Payment method groups and methods (docs/product.md#reference-data). Ids and slugs are referenced
-- by offers and
-- appear in URLs: fixed here, never renumbered.
CREATE TABLE payment_method_groups (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  names jsonb NOT NULL DEFAULT '{}'::jsonb,
  sort_order integer NOT NULL DEFAULT 1000
);

INSERT INTO payment_method_groups (id, slug, name, names, sort_order) VALUES
  (1, 'bank-transfers', 'Bank transfers', '{"en": "Bank transfers", "fr": "Virements bancaires"}', 1),
  (2, 'cash-deposits', 'Cash deposits', '{"en": "Cash deposits", "fr": "Dépôts d''espèces"}', 2),
  (3, 'debitcredit-cards', 'Debit/credit cards', '{"en": "Debit/credit cards", "fr": "Cartes de débit/crédit"}', 3),
  (4, 'digital-currencies', 'Digital currencies', '{"en": "Digital currencies", "fr": "Monnaies numériques"}', 4),
  (5, 'gift-cards', 'Gift cards', '{"en": "Gift cards", "fr": "Cartes cadeaux"}', 5),
  (6, 'online-transfers', 'Online transfers', '{"en": "Online transfers", "fr": "Transferts en ligne"}', 6),
  (7, 'mobile-money', 'Mobile money', '{"en": "Mobile money", "fr": "Argent mobile"}', 7);

CREATE TABLE payment_methods (
  id integer PRIMARY KEY,
  name text NOT NULL,
  names jsonb NOT NULL DEFAULT '{}'::jsonb,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  payment_method_group_id integer NOT NULL REFERENCES payment_method_groups (id),
  -- The product's category ids: GiftCards 1, Cash 2, OnlineWallets 3, DebitCreditCards 4,
  -- BankTransfers 5, DigitalCurrencies 6, GoodsAndServices 7, MobileMoney 8, Assets 43.
  category_id integer NOT NULL CHECK (category_id IN (1, 2, 3, 4, 5, 6, 7, 8, 43)),
  is_bin_code_enabled boolean NOT NULL DEFAULT false,
  icon_name text NOT NULL,
  is_popular boolean NOT NULL DEFAULT false,
  -- Fiat codes the method works with (Zelle: USD; M-Pesa: KES, TZS); NULL means any currency.
  currency_codes text[],
  sort_order integer NOT NULL DEFAULT 1000
);
CREATE INDEX payment_methods_group_idx ON payment_methods (payment_method_group_id);

INSERT INTO payment_methods
  (id, name, names, slug, payment_method_group_id, category_id, is_bin_code_enabled, icon_name, is_popular, currency_codes, sort_order) VALUES
  (1, 'Bank Transfer', '{"fr": "Virement bancaire"}', 'bank-transfer', 1, 5, false, 'bank', true, NULL, 1),
  (2, 'SEPA Transfer', '{"fr": "Virement SEPA"}', 'sepa', 1, 5, false, 'sepa', false, ARRAY['EUR'], 20),
  (3, 'Domestic Wire Transfer', '{"fr": "Virement national"}', 'domestic-wire-transfer', 1, 5, false, 'bank', false, NULL, 21),
  (4, 'International Wire (SWIFT)', '{"fr": "Virement international (SWIFT)"}', 'international-wire-swift', 1, 5, false, 'swift', false, NULL, 22),
  (5, 'ACH Transfer', '{"fr": "Virement ACH"}', 'ach-transfer', 1, 5, false, 'bank', false, ARRAY['USD'], 23),
  (6, 'Faster Payments', '{}', 'faster-payments', 1, 5, false, 'bank', false, ARRAY['GBP'], 24),
  (7, 'Interac e-Transfer', '{}', 'interac-e-transfer', 1, 5, false, 'interac', false, ARRAY['CAD'], 25),
  (8, 'UPI', '{}', 'upi', 6, 3, false, 'upi', true, ARRAY['INR'], 5),
  (9, 'PIX', '{}', 'pix', 1, 5, false, 'pix', true, ARRAY['BRL'], 6),
  (10, 'IMPS Transfer', '{"fr": "Virement IMPS"}', 'imps-transfer', 1, 5, false, 'bank', false, ARRAY['INR'], 26),
  (11, 'SPEI', '{}', 'spei', 1, 5, false, 'bank', false, ARRAY['MXN'], 27),
  (12, 'Wise', '{}', 'wise', 6, 3, false, 'wise', true, NULL, 7),
  (13, 'PayPal', '{}', 'paypal', 6, 3, false, 'paypal', true, NULL, 2),
  (14, 'Revolut', '{}', 'revolut', 6, 3, false, 'revolut', true, NULL, 8),
  (15, 'Zelle', '{}', 'zelle', 6, 3, false, 'zelle', true, ARRAY['USD'], 9),
  (16, 'Cash App', '{}', 'cash-app', 6, 3, false, 'cash-app', true, ARRAY['USD'], 10),
  (17, 'Venmo', '{}', 'venmo', 6, 3, false, 'venmo', false, ARRAY['USD'], 30),
  (18, 'Skrill', '{}', 'skrill', 6, 3, false, 'skrill', false, NULL, 31),
  (19, 'Neteller', '{}', 'neteller', 6, 3, false, 'neteller', false, NULL, 32),
  (20, 'Payoneer', '{}', 'payoneer', 6, 3, false, 'payoneer', false, NULL, 33),
  (21, 'Alipay', '{}', 'alipay', 6, 3, false, 'alipay', false, ARRAY['CNY'], 34),
  (22, 'WeChat Pay', '{}', 'wechat-pay', 6, 3, false, 'wechat', false, ARRAY['CNY'], 35),
  (23, 'Apple Pay', '{}', 'apple-pay', 6, 3, false, 'apple-pay', false, NULL, 36),
  (24, 'Google Pay', '{}', 'google-pay', 6, 3, false, 'google-pay', false, NULL, 37),
  (25, 'M-Pesa', '{}', 'm-pesa', 7, 8, false, 'm-pesa', true, ARRAY['KES', 'TZS'], 3),
  (26, 'MTN Mobile Money', '{}', 'mtn-mobile-money', 7, 8, false, 'mtn', true, ARRAY['GHS', 'UGX', 'XAF', 'XOF'], 4),
  (27, 'Airtel Money', '{}', 'airtel-money', 7, 8, false, 'airtel', false, ARRAY['KES', 'UGX', 'TZS'], 40),
  (28, 'Orange Money', '{}', 'orange-money', 7, 8, false, 'orange', false, ARRAY['XOF', 'XAF', 'MAD'], 41),
  (29, 'GCash', '{}', 'gcash', 7, 8, false, 'gcash', false, ARRAY['PHP'], 42),
  (30, 'Paytm', '{}', 'paytm', 6, 3, false, 'paytm', false, ARRAY['INR'], 43),
  (31, 'Amazon Gift Card', '{"fr": "Carte cadeau Amazon"}', 'amazon-gift-card', 5, 1, false, 'amazon', true, NULL, 11),
  (32, 'iTunes Gift Card', '{"fr": "Carte cadeau iTunes"}', 'itunes-gift-card', 5, 1, false, 'itunes', true, NULL, 12),
  (33, 'Steam Wallet Gift Card', '{"fr": "Carte cadeau Steam"}', 'steam-gift-card', 5, 1, false, 'steam', true, NULL, 13),
  (34, 'Google Play Gift Card', '{"fr": "Carte cadeau Google Play"}', 'google-play-gift-card', 5, 1, false, 'google-play', false, NULL, 50),
  (35, 'Sephora Gift Card', '{"fr": "Carte cadeau Sephora"}', 'sephora-gift-card', 5, 1, false, 'sephora', false, NULL, 51),
  (36, 'Walmart Gift Card', '{"fr": "Carte cadeau Walmart"}', 'walmart-gift-card', 5, 1, false, 'walmart', false, ARRAY['USD'], 52),
  (37, 'Visa Gift Card', '{"fr": "Carte cadeau Visa"}', 'visa-gift-card', 5, 1, true, 'visa', false, NULL, 53),
  (38, 'Visa Debit/Credit Card', '{"fr": "Carte de débit/crédit Visa"}', 'visa-debit-card', 3, 4, true, 'visa', false, NULL, 60),
  (39, 'Mastercard Debit/Credit Card', '{"fr": "Carte de débit/crédit Mastercard"}', 'mastercard', 3, 4, true, 'mastercard', false, NULL, 61),
  (40, 'Cash in Person', '{"fr": "Espèces en main propre"}', 'cash-in-person', 2, 2, false, 'cash', true, NULL, 14),
  (41, 'Cash Deposit to Bank', '{"fr": "Dépôt d''espèces en banque"}', 'cash-deposit', 2, 2, false, 'cash-deposit', false, NULL, 70),
  (42, 'Western Union', '{}', 'western-union', 2, 2, false, 'western-union', false, NULL, 71),
  (43, 'MoneyGram', '{}', 'moneygram', 2, 2, false, 'moneygram', false, NULL, 72),
  (44, 'Cash by Mail', '{"fr": "Espèces par courrier"}', 'cash-by-mail', 2, 2, false, 'mail', false, NULL, 73),
  (45, 'Other Cryptocurrency', '{"fr": "Autre cryptomonnaie"}', 'other-cryptocurrency', 4, 6, false, 'crypto', false, NULL, 80),
  (46, 'Perfect Money', '{}', 'perfect-money', 4, 6, false, 'perfect-money', false, NULL, 81),
  (47, 'Payeer', '{}', 'payeer', 4, 6, false, 'payeer', false, NULL, 82),
  (48, 'AdvCash', '{}', 'advcash', 4, 6, false, 'advcash', false, NULL, 83);
