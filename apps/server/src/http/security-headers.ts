import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * CSP, frame-ancestors, nosniff, referrer policy and the rest of helmet's headers, for every response.
 * Our helmet options depend on nothing in the request, so helmet runs once at start-up against a recording
 * response, and the app's first hook sets the recorded headers on every request in one call (GET /me is the
 * hottest route, DESIGN §7).
 */
export function securityHeaders(options: { hsts: boolean }): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: options.hsts,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  middleware({ headers: {} } as IncomingMessage, recorder, (err?: unknown) => {
    if (err) throw err;
  });
  if (!headers['content-security-policy']) throw new Error('helmet produced no CSP: security headers not applied');
  // Browser features the app never uses are denied to it and to anything it could be made to load.
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}
