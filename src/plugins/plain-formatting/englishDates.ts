/**
 * Dates in English as Intl.DateTimeFormat('en', …) writes them, for the few option sets the theme
 * uses, without Intl: the first Intl.DateTimeFormat a page creates loads the browser's locale data,
 * 30–55 ms on the phone profile, during the page's start. tests/unit/plainFormatting.spec.ts checks
 * every supported option set against Intl.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Something with Intl.DateTimeFormat's `format`. */
export type DateFormatter = {format(date?: Date | number): string};

/** The options the plain formatter supports (anything else goes to Intl). */
type Supported = {year?: 'numeric'; month?: 'short' | 'long'; day?: 'numeric'};

/** The plain formatter for `locale` and `options`, or undefined when only Intl can write them. */
export function plainDateFormatter(locale: string, options: Intl.DateTimeFormatOptions): DateFormatter | undefined {
  if (locale !== 'en') return undefined;
  const {calendar, timeZone, year, month, day, ...rest} = options;
  if (Object.values(rest).some((v) => v !== undefined)) return undefined;
  if (calendar !== undefined && calendar !== 'gregory') return undefined;
  if (timeZone !== 'UTC') return undefined;
  if (year !== undefined && year !== 'numeric') return undefined;
  if (day !== undefined && day !== 'numeric') return undefined;
  if (month !== 'short' && month !== 'long') return undefined;
  const fields: Supported = {year, month, day};
  return {
    format(date = Date.now()) {
      const d = new Date(date);
      if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
      const name = MONTHS[d.getUTCMonth()]!;
      const m = fields.month === 'short' ? name.slice(0, 3) : name;
      const y = d.getUTCFullYear();
      // Years before 1 and after 9999 are written differently by Intl (eras, grouping): leave them to it.
      if (y < 1 || y > 9999) throw new RangeError('year out of the plain formatter range');
      const dayPart = fields.day ? ` ${d.getUTCDate()}` : '';
      if (fields.year) return fields.day ? `${m}${dayPart}, ${y}` : `${m} ${y}`;
      return `${m}${dayPart}`;
    },
  };
}

/** The plain formatter where it can write the dates, Intl's otherwise (with Intl also for years it cannot write). */
export function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  const plain = plainDateFormatter(locale, options);
  let intl: Intl.DateTimeFormat | undefined;
  const viaIntl = (date?: Date | number) => (intl ??= new Intl.DateTimeFormat(locale, options)).format(date);
  if (!plain) return {format: viaIntl};
  return {
    format(date) {
      try {
        return plain.format(date);
      } catch {
        return viaIntl(date);
      }
    },
  };
}
