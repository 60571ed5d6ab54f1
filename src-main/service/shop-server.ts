/**
 * What the tills handlers need to know of the shop server this store is served as: the certificate
 * it presents and where its listener stands. The host that serves the store provides it (the
 * certificate lives beside the database, made by src-main/rest/tls/); tests provide their own.
 */

export interface ListenerPlace {
  running: boolean;
  host: string;
  port: number;
}

export interface ShopServer {
  /** The SHA-256 fingerprint of the server certificate (upper-case hex pairs joined by ':'). */
  fingerprint(): string;
  /** Where this process's REST listener stands; absent where the process has none (the CLI: `petstore serve` listens where the settings say). */
  listener?(): ListenerPlace;
}

/**
 * A store as either context shows it (the host's ServiceContext, the handlers' HandlerContext): its
 * tills repository's `store` is the same object on both, so the host and the handlers meet there.
 */
export interface ServedStore {
  tills: { readonly store: object };
}

const servers = new WeakMap<object, ShopServer>();

/** Says how `ctx`'s store is served; a later call replaces an earlier one. */
export function provideShopServer(ctx: ServedStore, server: ShopServer): void {
  servers.set(ctx.tills.store, server);
}

/** How `ctx`'s store is served, if its host said. */
export const shopServerOf = (ctx: ServedStore): ShopServer | undefined => servers.get(ctx.tills.store);
