/**
 * `npm run device`: starts the simulated Lykta device for trying the site's curl examples by hand.
 * It writes the lab CA to ./lab-ca.pem (or --ca FILE) and prints how to point curl at it.
 * Options: --port N (default 8443), --ca FILE, --quiet.
 */
import fs from 'node:fs';
import path from 'node:path';
import {startDevice} from './device';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(option('--port') ?? 8443);
const caFile = path.resolve(option('--ca') ?? 'lab-ca.pem');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a TCP port number, not ${option('--port')}`);
  process.exit(2);
}

startDevice({
  port,
  onExchange: args.includes('--quiet')
    ? undefined
    : (e) =>
        console.log(
          `${e.status} ${e.method} ${e.target}${e.operationId ? ` (${e.document} ${e.operationId})` : ''}${e.code ? ` ${e.code}: ${e.detail}` : ''}`,
        ),
})
  .then((device) => {
    fs.writeFileSync(caFile, device.caPem);
    console.log(
      `Simulated Lykta device: ${device.documents} APIs, ${device.operations} operations, on https://127.0.0.1:${device.port}/`,
    );
    console.log(
      `Lab CA written to ${caFile}. Run the site's curl commands unchanged by mapping the device address, for example:`,
    );
    console.log(
      `  curl --connect-to ::127.0.0.1:${device.port} --digest -u '<username>:<password>' --cacert lab-ca.pem 'https://192.0.2.10/vireo/time/v1/time-zone'`,
    );
    console.log(
      `or put connect-to = "::127.0.0.1:${device.port}" in a .curlrc. Accounts: the placeholders <username>:<password> (admin),`,
    );
    console.log(
      'viewer:viewer-secret, operator:operator-secret, admin:admin-secret; OAuth client <client-id>:<client-secret>; token <access-token>.',
    );
    console.log('Press Ctrl+C to stop.');
  })
  .catch((e: Error) => {
    console.error(`The simulated device did not start: ${e.message}`);
    process.exit(1);
  });
