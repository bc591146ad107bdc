/**
 * When the service worker is registered (src/plugins/offline-reading/client.ts): a reader who kept a
 * collection, an installed app, or a page a service worker already controls. Nothing else: a first
 * visit downloads no service worker.
 */

/** The localStorage key set while the reader keeps at least one collection offline. */
export const OPT_IN_KEY = 'lykta-offline';

export function shouldRegister(env: {
  controlled: boolean;
  standalone: boolean;
  storage: Pick<Storage, 'getItem'>;
}): boolean {
  let optedIn = false;
  try {
    optedIn = env.storage.getItem(OPT_IN_KEY) === '1';
  } catch {
    // Storage blocked: only the other signals count.
  }
  return env.controlled || env.standalone || optedIn;
}
