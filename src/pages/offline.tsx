import React, {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type {OfflineCollectionSummary} from '../lib/offline/lists';

type Registration = typeof import('../lib/offline/registration');
type RowState = {kind: 'idle'} | {kind: 'saving'; done: number; total: number} | {kind: 'kept'} | {kind: 'removing'};

const loadRegistration = (): Promise<Registration> => import('../lib/offline/registration');
const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * Offline reading: the reader chooses which collections this device keeps (pages, search and what they
 * load), sees which are kept and removes them. Nothing is downloaded, and no service worker is
 * registered, until they choose one (src/plugins/offline-reading).
 */
export default function OfflineReading(): ReactNode {
  const [collections, setCollections] = useState<OfflineCollectionSummary[] | undefined>();
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const setRow = (id: string, state: RowState) => setRows((r) => ({...r, [id]: state}));

  useEffect(() => {
    const supported = 'serviceWorker' in navigator;
    loadRegistration()
      .then(async (r) => {
        if (!supported) throw new Error('unsupported');
        const [index, status] = await Promise.all([r.offlineIndex(), r.offlineStatus()]);
        setCollections(index.collections);
        setRows(Object.fromEntries(status.kept.map((c) => [c.id, {kind: 'kept'} as RowState])));
      })
      .catch(() =>
        setProblem(
          supported
            ? 'Offline reading is not available here (it works on the published site, not in a preview).'
            : 'This browser cannot keep pages offline.',
        ),
      );
  }, []);

  const keep = async (c: OfflineCollectionSummary) => {
    setRow(c.id, {kind: 'saving', done: 0, total: c.files});
    setAnnouncement(`Saving ${c.label} for offline reading…`);
    try {
      const r = await loadRegistration();
      await r.keepCollection(c.id, (done, total) => setRow(c.id, {kind: 'saving', done, total}));
      setRow(c.id, {kind: 'kept'});
      setAnnouncement(`${c.label} is available offline.`);
    } catch (e) {
      setRow(c.id, {kind: 'idle'});
      setAnnouncement(`${c.label} could not be saved: ${(e as Error).message}`);
    }
  };
  const remove = async (c: OfflineCollectionSummary) => {
    setRow(c.id, {kind: 'removing'});
    try {
      await (await loadRegistration()).dropCollection(c.id);
      setRow(c.id, {kind: 'idle'});
      setAnnouncement(`${c.label} was removed from this device.`);
    } catch (e) {
      setRow(c.id, {kind: 'kept'});
      setAnnouncement(`${c.label} could not be removed: ${(e as Error).message}`);
    }
  };

  return (
    <Layout
      title="Offline reading"
      description="Keep collections of the Lykta developer documentation on your device, with their search, to read them with no network."
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">Offline reading</Heading>
        <p>
          Keep a collection on this device to open its pages and search them with no network, in a plant room or on a
          mast. Nothing is downloaded until you choose one. When the documentation is updated, what you keep is
          refreshed, and you are asked to reload once the new version is ready. Installed as an app, the site keeps the
          collection you installed it from.
        </p>
        {problem && <p className="alert alert--warning">{problem}</p>}
        {collections && (
          <table>
            <caption className="text--left margin-bottom--sm">Collections</caption>
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">Pages</th>
                <th scope="col">Size on this device</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((c) => {
                const row = rows[c.id] ?? {kind: 'idle'};
                return (
                  <tr key={c.id} data-collection={c.id}>
                    <th scope="row">
                      <Link to={c.home}>{c.label}</Link>
                    </th>
                    <td>{c.pages}</td>
                    <td>{megabytes(c.bytes)}</td>
                    <td>
                      {row.kind === 'kept' && 'Available offline'}
                      {row.kind === 'idle' && 'Online only'}
                      {row.kind === 'removing' && 'Removing…'}
                      {row.kind === 'saving' && (
                        <>
                          Saving… {row.done} of {row.total} files{' '}
                          <progress max={row.total} value={row.done} aria-label={`Saving ${c.label}`} />
                        </>
                      )}
                    </td>
                    <td>
                      {row.kind === 'kept' || row.kind === 'removing' ? (
                        <button
                          type="button"
                          className="button button--secondary button--sm"
                          disabled={row.kind === 'removing'}
                          aria-label={`Remove ${c.label} from this device`}
                          onClick={() => void remove(c)}
                        >
                          Remove
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button--primary button--sm"
                          disabled={row.kind === 'saving'}
                          aria-label={`Make ${c.label} available offline`}
                          onClick={() => void keep(c)}
                        >
                          Available offline
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <p role="status" aria-live="polite">
          {announcement}
        </p>
      </main>
    </Layout>
  );
}
