// Replaces @docusaurus/core's ComponentCreator for the client's generated routes.js (src/plugins/quick-routes):
// a route's loadable component is created when the route is first rendered or preloaded, not for all
// routes while the app starts.
import React, {type ComponentType} from 'react';
// The original, by file: the alias @docusaurus/ComponentCreator is what the plugin redirects here.
import ComponentCreator from '@docusaurus/core/lib/client/exports/ComponentCreator';

type RouteComponent = ComponentType<Record<string, unknown>> & {preload?: () => Promise<unknown>};

export default function LazyComponentCreator(path: string, hash: string): RouteComponent {
  let loadable: RouteComponent | undefined;
  const get = (): RouteComponent => (loadable ??= ComponentCreator(path, hash) as RouteComponent);
  // Renders nothing of its own: the server's HTML (made without this wrapper) hydrates unchanged.
  function Route(props: Record<string, unknown>) {
    return React.createElement(get(), props);
  }
  Route.preload = () => get().preload?.() ?? Promise.resolve();
  return Route;
}
