import { parseArgs } from 'node:util';
import { apiReferenceUrl } from '../../../src-shared/api-reference';
import { StoreError } from '../../../src-shared/errors';
import { isLoopbackHost } from '../../../src-shared/thresholds';
import { listenFailure } from '../../rest/listen-failure';
import { startListener } from '../../rest/listener';
import { networkAddresses } from '../../service/till-addresses';
import type { CommandContext } from '../context';
import { noteIfCreated, openStoreFile } from '../../host/open-store';
import { CliError } from '../output';
import { CERT_DIR_ON_A_FILE, certificateBaseIn } from '../cert-dir-option';
import { databaseOf } from '../database-option';
import { describePostgresUrl, isPostgresUrl } from '../../db/postgres/pool';
import { postgresOpenFailure } from '../../host/open-any-store';
import { postgresRestStore } from '../../rest/postgres-rest-store';
import { sqliteRestStore, type RestStore } from '../../rest/rest-store';
import { shopCertificate, type ShopCertificate } from '../../rest/tls/shop-certificate';
import { listenerTls, speaksHttps } from '../../rest/tls/listener-tls';
import { openPostgresStore, type PostgresStore } from '../../service/postgres-store';
import { provideShopServer } from '../../service/shop-server';

/** The shortest preset token the server accepts. */
const MIN_PRESET_TOKEN_LENGTH = 16;

export const SERVE_USAGE = `petstore serve [--db FILE|URL] [--port N] [--host ADDRESS] [--https] [--cert-dir DIR]
  Runs the store service and its REST listener without Electron.
  --db     the database file (created if missing), or a postgres:// URL (several servers may serve it)
  --port   the port (default: the saved listenerPort setting, 8787 unless changed; 0 picks a free one)
  --host   the address to bind (default: the saved listenerHost setting, 127.0.0.1 unless changed;
           anything but loopback serves the network, over HTTPS only: 0.0.0.0 serves tills)
  --https  HTTPS on loopback too (off loopback it always is); the certificate is made at first
           use beside the database (FILE.server-cert.pem, its key FILE.server-key.pem)
  --cert-dir  on PostgreSQL, the folder of the shop certificate (made at first use): every server
           of one shop presents the same one, so copy the folder to each
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
      'cert-dir': { type: 'string' },
    },
  });
  const db = databaseOf(values.db, cli);
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
  const served = isPostgresUrl(db) ? await servedPostgres(db, values['cert-dir'], cli) : servedFile(cli.path(db), values['cert-dir'], cli);
  // Where the owner told the store to listen (`petstore settings set listenerPort=…`, the app's
  // Settings screen), unless this command says otherwise.
  const saved = served.store.settings();
  const host = values.host ?? saved.listenerHost;
  const port = givenPort ?? saved.listenerPort;
  let tls: ShopCertificate | undefined;
  try {
    tls = served.tls(host, values.https);
  } catch (error) {
    await served.close();
    throw new CliError((error as Error).message);
  }
  const listener = await startListener({ store: served.store, host, port, presetToken, tls }).catch(async (error: unknown) => {
    await served.close();
    throw new CliError(listenFailure(error, host, port));
  });
  served.started();
  cli.print(`Pet Store Clerk REST API listening on ${listener.url}  (database ${served.label})`);
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
      void listener
        .close()
        .then(() => served.close())
        .then(() => {
          cli.print('Stopped; database closed.');
          done();
        });
    });
  });
}

/** A store as `serve` serves it, on either engine. */
interface Served {
  store: RestStore;
  /** The database as the first line names it. */
  label: string;
  /** The shop certificate when the listener at `host` speaks HTTPS. */
  tls(host: string, asked: boolean): ShopCertificate | undefined;
  /** Told once the listener is up. */
  started(): void;
  close(): Promise<void>;
}

function servedFile(file: string, certDir: string | undefined, cli: CommandContext): Served {
  if (certDir !== undefined) throw new CliError(CERT_DIR_ON_A_FILE, 2);
  const store = openStoreFile(file, 'may-create', cli);
  return {
    store: sqliteRestStore(store),
    label: file,
    tls: (host, asked) => listenerTls(store, host, asked),
    started: () => noteIfCreated(file, cli), // once it serves: a store that could not (a port in use) is removed again
    close: async () => store.close(),
  };
}

/**
 * A PostgreSQL database, served by this process beside any others (docs/decisions.md#the-rest-listener-on-postgresql):
 * the shop certificate comes from --cert-dir, since there is no database file to keep it beside.
 */
async function servedPostgres(url: string, certDir: string | undefined, cli: CommandContext): Promise<Served> {
  const certificateBase = certificateBaseIn(certDir, cli);
  let store: PostgresStore;
  try {
    store = await openPostgresStore(url, { serving: true, maxConnections: SERVER_CONNECTIONS });
  } catch (error) {
    throw new CliError(postgresOpenFailure(error, url).message);
  }
  const rest = postgresRestStore(store);
  try {
    await rest.ready();
  } catch (error) {
    await store.close();
    throw new CliError(postgresOpenFailure(error, url).message);
  }
  // Without a certificate folder there is no certificate a till could pin: pairing says how to get one.
  provideShopServer(store.steps, {
    fingerprint: () => {
      // The pairing's declared refusal: no proof can match a certificate this server does not have.
      if (!certificateBase) throw new StoreError('PAIRING_CODE_INVALID', 'This server has no shop certificate, so no till can pair with it: start it with --cert-dir DIR');
      return shopCertificate(certificateBase).fingerprint;
    },
  });
  return {
    store: rest,
    label: describePostgresUrl(url),
    tls(host, asked) {
      if (!speaksHttps(host, asked)) return undefined;
      if (!certificateBase) throw new Error('HTTPS on PostgreSQL needs --cert-dir DIR: the folder of the shop certificate, the same for every server of the shop');
      return shopCertificate(certificateBase);
    },
    started: () => undefined,
    close: () => store.close(),
  };
}

/** Connections one server process keeps to PostgreSQL at most (each request holds one while it runs). */
const SERVER_CONNECTIONS = 10;
