import { parseArgs } from 'node:util';
import { apiReferenceUrl } from '../../../src-shared/api-reference';
import { isLoopbackHost } from '../../../src-shared/thresholds';
import { listenFailure } from '../../rest/listen-failure';
import { startListener } from '../../rest/listener';
import { listenerTls } from '../../rest/tls/listener-tls';
import { networkAddresses } from '../../service/till-addresses';
import { readSettingsNow } from '../../service/settings-read';
import type { CommandContext } from '../context';
import { noteIfCreated, openStoreFile } from '../../host/open-store';
import { CliError } from '../output';
import { databaseOf } from '../database-option';
import { isPostgresUrl } from '../../db/postgres/pool';

/** The shortest preset token the server accepts. */
const MIN_PRESET_TOKEN_LENGTH = 16;

export const SERVE_USAGE = `petstore serve [--db FILE] [--port N] [--host ADDRESS] [--https]
  Runs the store service and its REST listener without Electron.
  --db     the database file (created if missing): a SQLite file only, for now
  --port   the port (default: the saved listenerPort setting, 8787 unless changed; 0 picks a free one)
  --host   the address to bind (default: the saved listenerHost setting, 127.0.0.1 unless changed;
           anything but loopback serves the network, over HTTPS only: 0.0.0.0 serves tills)
  --https  HTTPS on loopback too (off loopback it always is); the certificate is made at first
           use beside the database (FILE.server-cert.pem, its key FILE.server-key.pem)
  PETSTORE_API_TOKEN  a write token accepted for this run only (for scripts and tests; at least
                      16 ASCII letters, digits or punctuation marks, no spaces)`;

/** Serves until SIGINT/SIGTERM, then lets in-flight requests finish and closes the database. */
export async function serve(args: string[], cli: CommandContext): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      https: { type: 'boolean', default: false },
    },
  });
  const db = databaseOf(values.db, cli);
  // The REST listener runs on SQLite only for now (docs/decisions.md#the-cli-on-postgresql).
  if (isPostgresUrl(db)) throw new CliError('petstore serve runs on a SQLite file for now, not on PostgreSQL: name a database file with --db (the other commands work on PostgreSQL).');
  const givenPort = values.port === undefined ? undefined : Number(values.port);
  if (givenPort !== undefined && (!/^\d+$/.test(values.port!) || givenPort > 65535)) throw new CliError(`--port must be 0–65535, not ${values.port}`, 2);
  const presetToken = cli.io.env.PETSTORE_API_TOKEN || undefined;
  // It opens every write: a guessable one would be a door left open (ours are 43 random characters).
  // Visible ASCII only: a client sends its header as UTF-8 and Node reads it as Latin-1, so "pässwörd"
  // could never match (every request would get 401).
  if (presetToken !== undefined && (presetToken.length < MIN_PRESET_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(presetToken))) {
    throw new CliError(
      `PETSTORE_API_TOKEN must be at least ${MIN_PRESET_TOKEN_LENGTH} ASCII letters, digits or punctuation marks, no spaces (try: openssl rand -hex 24)`,
      2,
    );
  }
  const file = cli.path(db);
  const store = openStoreFile(file, 'may-create', cli);
  // Where the owner told the store to listen (`petstore settings set listenerPort=…`, the app's
  // Settings screen), unless this command says otherwise.
  const saved = readSettingsNow(store.context);
  const host = values.host ?? saved.listenerHost;
  const port = givenPort ?? saved.listenerPort;
  let tls: ReturnType<typeof listenerTls>;
  try {
    tls = listenerTls(store, host, values.https);
  } catch (error) {
    store.close();
    throw new CliError((error as Error).message);
  }
  const listener = await startListener({ store, host, port, presetToken, tls }).catch((error: unknown) => {
    store.close();
    throw new CliError(listenFailure(error, host, port));
  });
  noteIfCreated(file, cli); // once it serves: a store that could not (a port in use) is removed again
  cli.print(`Pet Store Clerk REST API listening on ${listener.url}  (database ${file})`);
  cli.print(`Reference: ${apiReferenceUrl(listener.url)}`);
  if (tls) cli.print(`Certificate SHA-256 fingerprint: ${tls.fingerprint}`);
  if (!isLoopbackHost(host)) {
    cli.warn(`Warning: bound to ${host}, so other machines may reach the API (addressed by this machine's IP addresses or host name).`);
    const addresses = networkAddresses(host, listener.port);
    if (addresses.length) cli.print(`Tills enter one of: ${addresses.join('  ')}`);
  }

  await new Promise<void>((done) => {
    cli.io.signals.watch((signal) => {
      cli.print(`${signal}: finishing in-flight requests…`);
      void listener.close().then(() => {
        store.close();
        cli.print('Stopped; database closed.');
        done();
      });
    });
  });
}
