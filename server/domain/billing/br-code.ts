// Pix "BR Code" (Pix copia e cola) for key-based charges, with or without an amount, following the BCB
// "Manual de Padrões para Iniciação do Pix" (EMV QRCPS Merchant Presented Mode).

export interface PixMerchant { key: string; name: string; city: string }
export interface BrCodeInput extends PixMerchant { amount?: number; txid?: string; description?: string }

const GUI = 'br.gov.bcb.pix'
// Every length is two digits, so no value (field 26 included) can exceed 99 characters.
const MAX_VALUE = 99
// Field 54 is money in reais with two decimals; the cap keeps it well inside the EMV limit of 13 characters.
const MAX_AMOUNT = 9_999_999.99

const encoder = new TextEncoder()

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xorout) over the UTF-8 bytes: field 63. */
export function crc16(payload: string): string {
  let crc = 0xffff
  for (const byte of encoder.encode(payload)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

// id + two-digit length + value. Values are printable ASCII here, so characters and bytes count alike.
function field(id: string, value: string): string {
  if (value.length > MAX_VALUE) throw new Error(`BR Code field ${id} would be longer than ${MAX_VALUE} characters`)
  return id + String(value.length).padStart(2, '0') + value
}

// Payer apps print name and city and many reject anything else: drop accents (NFD splits them off as
// combining marks) together with every other character outside printable ASCII.
function ascii(text: string): string {
  return text.normalize('NFD').replace(/[^\x20-\x7E]/g, '').trim()
}

function cut(text: string, max: number): string {
  return ascii(text).slice(0, max).trim()
}

// Merchant account information (26): GUI, key and, when it fits, the description shown to the payer.
function accountField(key: string, description: string | undefined): string {
  const base = field('00', GUI) + field('01', key)
  if (base.length > MAX_VALUE) throw new Error('Pix key is too long for a BR Code')
  // The description is optional, so it gives way to the key: trim it to the room left after its own id and length.
  const room = MAX_VALUE - base.length - 4
  const text = room > 0 ? cut(description ?? '', room) : ''
  return field('26', text ? base + field('02', text) : base)
}

// Transaction amount (54): absent means the payer types the amount, so 0 leaves it out.
function amountField(amount: number | undefined): string {
  if (amount === undefined) return ''
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw new Error(`Pix amount must be a finite number ≥ 0, got ${String(amount)}`)
  }
  const cents = Math.round(amount * 100) / 100
  if (cents > MAX_AMOUNT) throw new Error(`Pix amount must not exceed ${MAX_AMOUNT.toFixed(2)}, got ${String(amount)}`)
  return cents > 0 ? field('54', cents.toFixed(2)) : ''
}

/** The BR Code (Pix copia e cola) string for a charge to `key`; CRC included. */
export function brCode(input: BrCodeInput): string {
  const key = (input.key ?? '').trim()
  if (!key) throw new Error('Pix key is required')
  // Lengths are counted in characters, which only matches the bytes the CRC covers for ASCII keys
  // (every Pix key type, CPF/CNPJ, phone, e-mail and random EVP, is ASCII anyway).
  if (!/^[\x21-\x7E]+$/.test(key)) throw new Error('Pix key must contain printable ASCII characters only')
  const amount = amountField(input.amount)
  const name = cut(input.name ?? '', 25)
  if (!name) throw new Error('Pix merchant name is empty after normalisation')
  const city = cut(input.city ?? '', 15)
  if (!city) throw new Error('Pix merchant city is empty after normalisation')
  // txid is alphanumeric only, up to 25 characters; '***' tells the payer's bank there is none.
  const txid = (input.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***'

  const payload = [
    field('00', '01'),
    accountField(key, input.description),
    field('52', '0000'),
    field('53', '986'),
    amount,
    field('58', 'BR'),
    field('59', name),
    field('60', city),
    field('62', field('05', txid)),
    '6304', // the CRC covers its own id and length
  ].join('')
  return payload + crc16(payload)
}
