-- Plans the operator can put an account on. `free`: 25 agreements a month, no overage.
INSERT INTO plans (code, name, monthly_agreements, overage_cents) VALUES
  ('free', 'Free', 25, NULL),
  ('starter', 'Starter', 100, 150),
  ('business', 'Business', 1000, 100),
  ('enterprise', 'Enterprise', NULL, NULL);
