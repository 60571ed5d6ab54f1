import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { shopCertificate } from '../../../src-main/rest/tls/shop-certificate';
import { tempDir } from '../../helpers/temp-store';

/**
 * The REST suite's HTTPS run: one shop certificate for the whole run (making one takes about a
 * second here), handed to every test file, whose listeners serve it and whose clients pin it.
 */
export default function setup(project: TestProject) {
  const { dir, cleanup } = tempDir('petstore-rest-tls-');
  const databaseFile = join(dir, 'shared.db');
  const { key, cert, fingerprint } = shopCertificate(databaseFile);
  project.provide('restTls', { key, cert, fingerprint, databaseFile });
  return cleanup;
}

declare module 'vitest' {
  export interface ProvidedContext {
    restTls: { key: string; cert: string; fingerprint: string; databaseFile: string };
  }
}
