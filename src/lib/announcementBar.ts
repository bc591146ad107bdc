/** Storage keys of the theme's announcement bar (see @docusaurus/theme-common). */
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';
export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

/**
 * An inline script that un-hides the announcement bar when the stored
 * announcement id is not `currentId` (a new announcement). Storage errors are ignored.
 */
export function announcementResetScript(currentId: string): string {
  return `(function(){try{if(localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_ID_KEY)})!==${JSON.stringify(
    currentId,
  )}){document.documentElement.setAttribute(${JSON.stringify(ANNOUNCEMENT_DISMISSED_ATTRIBUTE)},'false');}}catch(e){}})();`;
}
