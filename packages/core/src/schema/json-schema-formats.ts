// The `format` values tool schemas use. Unknown formats pass, as JSON Schema says they should.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/i;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[t ](\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:z|[+-]\d{2}:\d{2}))$/i;
const EMAIL =
  /^[^\s@"(),:;<>[\\\]]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const URI = /^[a-z][a-z0-9+.-]*:[^\s]*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3]) <= 60;
}

export function checkFormat(format: string, value: string): boolean {
  switch (format) {
    case 'date-time': {
      const match = DATE_TIME.exec(value);
      return match !== null && isDate(match[1]!) && isTime(match[2]!);
    }
    case 'date':
      return isDate(value);
    case 'time':
      return isTime(value);
    case 'email':
      return EMAIL.test(value);
    case 'uri':
    case 'url':
      return URI.test(value);
    case 'uuid':
      return UUID.test(value);
    case 'ipv4':
      return IPV4.test(value);
    case 'hostname':
      return HOSTNAME.test(value);
    default:
      return true;
  }
}
