/**
 * Downloads rows as a one-sheet .xlsx; the spreadsheet library loads only when someone exports,
 * so it stays out of the pages' chunks.
 */
export async function writeSheet(file: string, sheet: string, rows: Record<string, string | number>[]): Promise<void> {
  const XLSX = await import('@e965/xlsx')
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), sheet)
  XLSX.writeFile(book, file)
}
