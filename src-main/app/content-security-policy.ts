/**
 * The page's Content-Security-Policy, the same in the desktop window (meta tag + header) and in
 * browser mode (header): scripts only from the app itself, no eval, no inline scripts, no
 * plugins, no framing; inline styles are allowed because Vue binds `style` attributes.
 * src-renderer/index.html carries the same text minus frame-ancestors (browsers ignore that
 * directive in a meta tag and log an error); the build test checks they agree.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // the page talks only to its own origin (IPC in the desktop app, rekap ui's own port in browser mode)
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** The same policy as it can be written in the page's meta tag. */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((d) => !d.startsWith('frame-ancestors'))
  .join('; ')
