import { parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * A WhatsApp number as we store it: digits only, country code first, and for Brazilian mobiles the
 * ninth digit always present (anchor §2 normalizePhone: WhatsApp still answers for old 8-digit forms,
 * so one person would otherwise become two contacts).
 */
export function normalisePhoneDigits(input: string): string {
  const digits = input.replace(/\D/g, '')
  return addBrazilNinthDigit(digits)
}

/**
 * 55 + area code + 8 digits starting 6-9 is a mobile number written without its ninth digit. Landlines
 * (first digit 2-5) keep 8 digits.
 */
export function addBrazilNinthDigit(digits: string): string {
  if (digits.length === 12 && digits.startsWith('55') && /[6-9]/.test(digits[4])) {
    return `${digits.slice(0, 4)}9${digits.slice(4)}`
  }
  return digits
}

/** Whether digits form a plausible international number (country code and area code included). */
export function isPlausiblePhone(digits: string): boolean {
  if (!/^\d{8,15}$/.test(digits)) return false
  const parsed = parsePhoneNumberFromString(`+${digits}`)
  return parsed?.isPossible() ?? false
}
