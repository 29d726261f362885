import { AppConfig, ConfigError } from './config';

/** Runs a boot-time validation: a ConfigError becomes one clear line on stderr and exit 1. */
export function validOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Invalid configuration: ${error.message}\n`);
    process.exit(1);
  }
}

/** Validates the environment before anything else boots. */
export function loadConfigOrExit(): AppConfig {
  return validOrExit(() => new AppConfig(process.env));
}
