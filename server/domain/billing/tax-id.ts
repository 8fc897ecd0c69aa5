import { cnpj, cpf } from 'cpf-cnpj-validator'

/** The checkout's zipcode field holds the payer's CPF (11 digits) or CNPJ (14), checked by their digits. */
export function isValidTaxId(value: string): boolean {
  const digits = value.replace(/\D/g, '')
  if (digits.length === 11) return cpf.isValid(digits)
  if (digits.length === 14) return cnpj.isValid(digits)
  return false
}

export const taxIdDigits = (value: string) => value.replace(/\D/g, '')
