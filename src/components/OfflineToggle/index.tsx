import {useEffect, useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import clsx from 'clsx';
import {collectionOfPath} from '../../lib/search/collections';
import {SEARCH_MANIFEST_META, parseSearchManifest} from '../../lib/search/manifest';
import styles from './styles.module.css';

type Kind = 'online' | 'saving' | 'kept' | 'removing' | 'failed';
type State = {id: string; kind: Kind; text: string};

const loadRegistration = () => import('../../lib/offline/registration');

/** The collection of the page being read, from the search manifest every built page carries (after hydration). */
function useCollection(): {id: string; label: string} | undefined {
  const {pathname} = useLocation();
  const isBrowser = useIsBrowser();
  const manifest = useMemo(
    () =>
      isBrowser
        ? parseSearchManifest(document.querySelector(`meta[name="${SEARCH_MANIFEST_META}"]`)?.getAttribute('content'))
        : undefined,
    [isBrowser],
  );
  return manifest ? collectionOfPath(manifest.collections, pathname) : undefined;
}

/**
 * "Available offline" for the collection of the page being read, at the foot of the doc sidebar: a toggle
 * button that keeps the collection on the device (src/lib/offline/registration.ts) or removes it, with
 * its progress in a live region and a link to the Offline reading page. It asks the service worker what
 * is kept only when one already controls the page: a reader who never opted in downloads nothing.
 */
export default function OfflineToggle(): ReactNode {
  const collection = useCollection();
  const [state, setState] = useState<State | undefined>();
  const id = collection?.id;

  useEffect(() => {
    if (!id || !navigator.serviceWorker?.controller) return;
    let current = true;
    loadRegistration()
      .then((r) => r.offlineStatus())
      .then(({kept}) => {
        if (current && kept.some((c) => c.id === id)) setState({id, kind: 'kept', text: ''});
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id]);

  if (!collection) return null;
  const kind = state?.id === collection.id ? state.kind : 'online';
  const text = state?.id === collection.id ? state.text : '';
  const busy = kind === 'saving' || kind === 'removing';
  const set = (k: Kind, t: string) => setState({id: collection.id, kind: k, text: t});

  const toggle = async () => {
    try {
      const r = await loadRegistration();
      if (kind === 'kept') {
        set('removing', `Removing ${collection.label}…`);
        await r.dropCollection(collection.id);
        set('online', `${collection.label} was removed from this device.`);
      } else {
        set('saving', `Saving ${collection.label}…`);
        await r.keepCollection(collection.id, (done, total) =>
          set('saving', `Saving ${collection.label}: ${done} of ${total} files`),
        );
        set('kept', `${collection.label} is available offline.`);
      }
    } catch (e) {
      set(kind === 'kept' ? 'kept' : 'failed', `${collection.label} could not be changed: ${(e as Error).message}`);
    }
  };

  return (
    <div className={clsx('lykta-offline-toggle', styles.offline)}>
      <button
        type="button"
        className={clsx('button button--sm button--block', kind === 'kept' ? 'button--primary' : 'button--secondary')}
        aria-pressed={kind === 'kept' || kind === 'removing'}
        aria-describedby="lykta-offline-toggle-status"
        disabled={busy}
        onClick={() => void toggle()}
      >
        Available offline
      </button>
      <p id="lykta-offline-toggle-status" className={styles.status} role="status">
        {text ||
          (kind === 'kept'
            ? `${collection.label} is kept on this device.`
            : `Keep ${collection.label} to read it without a network.`)}
      </p>
      {/* Only once the reader has used it: a link in view makes Docusaurus prefetch the page's code, which a
          first visit must not download. The footer links the page too. */}
      {(kind !== 'online' || text) && (
        <Link to="/offline/" className={styles.manage}>
          Manage offline reading
        </Link>
      )}
    </div>
  );
}
