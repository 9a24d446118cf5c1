-- Fiat and crypto currencies. Ids are part of the public API (users store fiat_currency_id, offers
-- store crypto ids): they are fixed here and must never be renumbered. USD is 144 as the spec says.
CREATE TABLE fiat_currencies (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z]{3}$'),
  name text NOT NULL,
  -- Localized names by locale ({"en": ..., "fr": ...}); name is the original English one.
  names jsonb NOT NULL DEFAULT '{}'::jsonb,
  symbol text NOT NULL,
  decimals smallint NOT NULL DEFAULT 2 CHECK (decimals BETWEEN 0 AND 4),
  is_popular boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 1000
);

INSERT INTO fiat_currencies (id, code, name, names, symbol, decimals, is_popular, sort_order) VALUES
  (144, 'USD', 'US Dollar', '{"en": "US Dollar", "fr": "Dollar américain"}', '$', 2, true, 1),
  (145, 'EUR', 'Euro', '{"en": "Euro", "fr": "Euro"}', '€', 2, true, 2),
  (146, 'GBP', 'British Pound', '{"en": "British Pound", "fr": "Livre sterling"}', '£', 2, true, 3),
  (147, 'NGN', 'Nigerian Naira', '{"en": "Nigerian Naira", "fr": "Naira nigérian"}', '₦', 2, true, 4),
  (148, 'INR', 'Indian Rupee', '{"en": "Indian Rupee", "fr": "Roupie indienne"}', '₹', 2, true, 5),
  (149, 'KES', 'Kenyan Shilling', '{"en": "Kenyan Shilling", "fr": "Shilling kényan"}', 'KSh', 2, true, 6),
  (150, 'GHS', 'Ghanaian Cedi', '{"en": "Ghanaian Cedi", "fr": "Cedi ghanéen"}', 'GH₵', 2, true, 7),
  (151, 'CAD', 'Canadian Dollar', '{"en": "Canadian Dollar", "fr": "Dollar canadien"}', '$', 2, true, 8),
  (152, 'BRL', 'Brazilian Real', '{"en": "Brazilian Real", "fr": "Réal brésilien"}', 'R$', 2, false, 100),
  (153, 'ARS', 'Argentine Peso', '{"en": "Argentine Peso", "fr": "Peso argentin"}', '$', 2, false, 100),
  (154, 'MXN', 'Mexican Peso', '{"en": "Mexican Peso", "fr": "Peso mexicain"}', '$', 2, false, 100),
  (155, 'AUD', 'Australian Dollar', '{"en": "Australian Dollar", "fr": "Dollar australien"}', '$', 2, false, 100),
  (156, 'CNY', 'Chinese Yuan', '{"en": "Chinese Yuan", "fr": "Yuan chinois"}', '¥', 2, false, 100),
  (157, 'JPY', 'Japanese Yen', '{"en": "Japanese Yen", "fr": "Yen japonais"}', '¥', 0, false, 100),
  (158, 'RUB', 'Russian Ruble', '{"en": "Russian Ruble", "fr": "Rouble russe"}', '₽', 2, false, 100),
  (159, 'TRY', 'Turkish Lira', '{"en": "Turkish Lira", "fr": "Livre turque"}', '₺', 2, false, 100),
  (160, 'ZAR', 'South African Rand', '{"en": "South African Rand", "fr": "Rand sud-africain"}', 'R', 2, false, 100),
  (161, 'AED', 'UAE Dirham', '{"en": "UAE Dirham", "fr": "Dirham des Émirats arabes unis"}', 'AED', 2, false, 100),
  (162, 'SAR', 'Saudi Riyal', '{"en": "Saudi Riyal", "fr": "Riyal saoudien"}', 'SAR', 2, false, 100),
  (163, 'PKR', 'Pakistani Rupee', '{"en": "Pakistani Rupee", "fr": "Roupie pakistanaise"}', '₨', 2, false, 100),
  (164, 'BDT', 'Bangladeshi Taka', '{"en": "Bangladeshi Taka", "fr": "Taka bangladais"}', '৳', 2, false, 100),
  (165, 'VND', 'Vietnamese Dong', '{"en": "Vietnamese Dong", "fr": "Dông vietnamien"}', '₫', 0, false, 100),
  (166, 'PHP', 'Philippine Peso', '{"en": "Philippine Peso", "fr": "Peso philippin"}', '₱', 2, false, 100),
  (167, 'IDR', 'Indonesian Rupiah', '{"en": "Indonesian Rupiah", "fr": "Roupie indonésienne"}', 'Rp', 2, false, 100),
  (168, 'MYR', 'Malaysian Ringgit', '{"en": "Malaysian Ringgit", "fr": "Ringgit malaisien"}', 'RM', 2, false, 100),
  (169, 'THB', 'Thai Baht', '{"en": "Thai Baht", "fr": "Baht thaïlandais"}', '฿', 2, false, 100),
  (170, 'UAH', 'Ukrainian Hryvnia', '{"en": "Ukrainian Hryvnia", "fr": "Hryvnia ukrainienne"}', '₴', 2, false, 100),
  (171, 'PLN', 'Polish Zloty', '{"en": "Polish Zloty", "fr": "Złoty polonais"}', 'zł', 2, false, 100),
  (172, 'CHF', 'Swiss Franc', '{"en": "Swiss Franc", "fr": "Franc suisse"}', 'CHF', 2, false, 100),
  (173, 'SEK', 'Swedish Krona', '{"en": "Swedish Krona", "fr": "Couronne suédoise"}', 'kr', 2, false, 100),
  (174, 'NOK', 'Norwegian Krone', '{"en": "Norwegian Krone", "fr": "Couronne norvégienne"}', 'kr', 2, false, 100),
  (175, 'DKK', 'Danish Krone', '{"en": "Danish Krone", "fr": "Couronne danoise"}', 'kr', 2, false, 100),
  (176, 'CZK', 'Czech Koruna', '{"en": "Czech Koruna", "fr": "Couronne tchèque"}', 'Kč', 2, false, 100),
  (177, 'HUF', 'Hungarian Forint', '{"en": "Hungarian Forint", "fr": "Forint hongrois"}', 'Ft', 2, false, 100),
  (178, 'COP', 'Colombian Peso', '{"en": "Colombian Peso", "fr": "Peso colombien"}', '$', 2, false, 100),
  (179, 'CLP', 'Chilean Peso', '{"en": "Chilean Peso", "fr": "Peso chilien"}', '$', 0, false, 100),
  (180, 'PEN', 'Peruvian Sol', '{"en": "Peruvian Sol", "fr": "Sol péruvien"}', 'S/', 2, false, 100),
  (181, 'EGP', 'Egyptian Pound', '{"en": "Egyptian Pound", "fr": "Livre égyptienne"}', 'E£', 2, false, 100),
  (182, 'MAD', 'Moroccan Dirham', '{"en": "Moroccan Dirham", "fr": "Dirham marocain"}', 'MAD', 2, false, 100),
  (183, 'XAF', 'Central African CFA Franc', '{"en": "Central African CFA Franc", "fr": "Franc CFA (BEAC)"}', 'FCFA', 0, false, 100),
  (184, 'XOF', 'West African CFA Franc', '{"en": "West African CFA Franc", "fr": "Franc CFA (BCEAO)"}', 'CFA', 0, false, 100),
  (185, 'KRW', 'South Korean Won', '{"en": "South Korean Won", "fr": "Won sud-coréen"}', '₩', 0, false, 100),
  (186, 'SGD', 'Singapore Dollar', '{"en": "Singapore Dollar", "fr": "Dollar de Singapour"}', '$', 2, false, 100),
  (187, 'HKD', 'Hong Kong Dollar', '{"en": "Hong Kong Dollar", "fr": "Dollar de Hong Kong"}', '$', 2, false, 100),
  (188, 'NZD', 'New Zealand Dollar', '{"en": "New Zealand Dollar", "fr": "Dollar néo-zélandais"}', '$', 2, false, 100),
  (189, 'UGX', 'Ugandan Shilling', '{"en": "Ugandan Shilling", "fr": "Shilling ougandais"}', 'USh', 0, false, 100),
  (190, 'TZS', 'Tanzanian Shilling', '{"en": "Tanzanian Shilling", "fr": "Shilling tanzanien"}', 'TSh', 2, false, 100),
  (191, 'ILS', 'Israeli New Shekel', '{"en": "Israeli New Shekel", "fr": "Nouveau shekel israélien"}', '₪', 2, false, 100);

-- Crypto currencies with the product's fields (docs/product.md#reference-data). decimals is the
-- smallest unit the ledger
-- counts in (BTC 8, ETH 9, USDT 6); max_precision is what a user may type, never more than that.
CREATE TABLE crypto_currencies (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{2,10}$'),
  url_param text NOT NULL UNIQUE,
  full_name text NOT NULL,
  short_name text NOT NULL,
  icon text NOT NULL,
  decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  formatting_decimals_count smallint NOT NULL,
  fiat_precision smallint NOT NULL DEFAULT 2,
  max_precision smallint NOT NULL DEFAULT 8,
  is_stablecoin boolean NOT NULL DEFAULT false,
  is_blocked boolean NOT NULL DEFAULT false,
  -- Confirmations before a deposit is credited; read by the wallet.
  confirmations_required integer NOT NULL CHECK (confirmations_required >= 0),
  sort_order integer NOT NULL DEFAULT 1000,
  CHECK (max_precision <= decimals),
  CHECK (formatting_decimals_count <= decimals)
);

INSERT INTO crypto_currencies
  (id, code, url_param, full_name, short_name, icon, decimals, formatting_decimals_count, fiat_precision,
   max_precision, is_stablecoin, is_blocked, confirmations_required, sort_order) VALUES
  (1, 'BTC', 'bitcoin', 'Bitcoin', 'BTC', 'btc', 8, 8, 2, 8, false, false, 2, 1),
  (2, 'ETH', 'ethereum', 'Ethereum', 'ETH', 'eth', 9, 6, 2, 8, false, false, 12, 2),
  (3, 'USDT', 'tether', 'Tether', 'USDT', 'usdt', 6, 2, 2, 6, true, false, 12, 3);
