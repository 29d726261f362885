import { AppConfig, ConfigError } from './config';

/** Validates the environment before anything else boots: one clear line and exit 1 on a bad value. */
export function loadConfigOrExit(): AppConfig {
  try {
    return new AppConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Invalid configuration: ${error.message}\n`);
    process.exit(1);
  }
}
