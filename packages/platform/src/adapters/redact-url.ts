/**
 * The URL with its password replaced by `***`, fit for an error message or a log line. A pattern,
 * not `new URL`: MongoDB URIs may list several hosts, which URL parsing refuses.
 */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}
