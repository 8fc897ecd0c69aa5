import { IMAGE_QUALITY } from './block-rules.ts'

/**
 * An image re-encoded at quality 0.7 before upload (spec part 2 §5, §9), through a canvas. It keeps its
 * type (the server takes png/jpg/jpeg only; a png ignores the quality) and its name; when the re-encoded
 * file is no smaller, or the browser cannot decode it, the original goes as it is.
 */
export async function compressImage(file: File, quality = IMAGE_QUALITY): Promise<File> {
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg'
  try {
    const bitmap = await createImageBitmap(file)
    const canvas = document.createElement('canvas')
    canvas.width = bitmap.width
    canvas.height = bitmap.height
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality))
    if (!blob || blob.size >= file.size) return file
    return new File([blob], file.name, { type, lastModified: Date.now() })
  } catch (err) {
    console.warn('image not compressed', file.name, err)
    return file
  }
}
