/**
 * The stored e-mail settings (`config`, jsonb) of the API key whose id is the SQL expression `apiKeyId`;
 * no row when the key never stored any. For another module's statement that reads them in its own
 * round trip (the e-mail sender's lock); turn the value into settings with `EmailConfigService.sendingConfigOf`.
 */
export const emailConfigSql = (apiKeyId: string): string =>
  `SELECT config FROM email_config WHERE api_key_id = ${apiKeyId}`;
