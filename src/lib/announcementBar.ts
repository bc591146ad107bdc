/** Storage keys of the theme's announcement bar (see @docusaurus/theme-common). */
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';
export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

/**
 * An inline script that un-hides the announcement bar when the stored
 * announcement id is not `currentId` (a new announcement). Storage errors are ignored.
 */
export function announcementResetScript(currentId: string): string {
  return `(function(){try{if(localStorage.getItem(${jsString(ANNOUNCEMENT_ID_KEY)})!==${jsString(
    currentId,
  )}){document.documentElement.setAttribute(${jsString(ANNOUNCEMENT_DISMISSED_ATTRIBUTE)},'false');}}catch(e){}})();`;
}

/** A JavaScript string literal that is also safe inside an HTML <script> element. */
function jsString(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
