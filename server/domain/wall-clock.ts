/** Wall-clock time in a time zone, without a library: a Date whose UTC fields hold the local date and time. */

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The zone's formatter, built once per zone (about a millisecond each in Bun); throws for a zone Intl does not know. */
export function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** The local date and time of an instant, as a Date whose UTC fields hold them. */
export function toWallClock(at: Date, zone: string): Date {
  const parts = Object.fromEntries(formatter(zone).formatToParts(at).map((p) => [p.type, Number(p.value)]))
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, at.getUTCMilliseconds()))
}

/** The instant a local date and time names (in a DST gap, the hour after; in an overlap, the first). */
export function fromWallClock(local: Date, zone: string): Date {
  let guess = local.getTime()
  for (let i = 0; i < 3; i++) {
    const offset = toWallClock(new Date(guess), zone).getTime() - guess
    const next = local.getTime() - offset
    if (next === guess) break
    guess = next
  }
  return new Date(guess)
}
