/** Who is asking (address and browser), as sessions, the sign-in history and the audit keep it. */
export function requestMeta(request: { ip: string; headers: Record<string, unknown> }) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : undefined };
}
