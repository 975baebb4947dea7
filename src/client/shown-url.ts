/**
 * A base URL as it is shown (--debug, error messages, `bible status`): a user and password in it
 * (`https://user:pw@host`) become `***`, since what is printed ends up in logs and bug reports.
 * The requests themselves still use the URL as given.
 */
export function shownUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');
}
