// In the client bundle, in place of @docusaurus/theme-common's utils/IntlUtils (see ./index.ts): the
// same two hooks, with the date format memoised and written without Intl where ./englishDates.ts can.
import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {dateFormatter, type DateFormatter} from './englishDates';

export function useCalendar(): string {
  const {
    i18n: {currentLocale, localeConfigs},
  } = useDocusaurusContext();
  return localeConfigs[currentLocale]!.calendar;
}

export function useDateTimeFormat(options: Intl.DateTimeFormatOptions = {}): DateFormatter {
  const {
    i18n: {currentLocale},
  } = useDocusaurusContext();
  const calendar = useCalendar();
  const key = JSON.stringify(options);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `options` is a new object on every render; its content is `key`.
  return useMemo(() => dateFormatter(currentLocale, {calendar, ...options}), [currentLocale, calendar, key]);
}
