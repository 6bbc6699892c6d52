import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

/** Per-pixel colour distance (pixelmatch's threshold, 0-1): below it two pixels count as the same. */
export const pixelThreshold = 0.1
/** A capture fails when more than this share of its pixels differ (0.01 %)... */
export const maxDiffRatio = Number(process.env.VISUAL_MAX_DIFF_RATIO ?? 0.0001)
/** ...and more than this many pixels (so tiny components are not failed by one anti-aliased pixel). */
export const maxDiffPixels = Number(process.env.VISUAL_MAX_DIFF_PIXELS ?? 4)

export type Comparison =
  | { status: 'same'; diffPixels: number; ratio: number }
  | { status: 'changed'; diffPixels: number; ratio: number; diff: Buffer; reason: string }

/** Compares two PNGs; on a size change the diff is the two images side by side on a magenta background. */
export function compare(expected: Buffer, actual: Buffer): Comparison {
  const a = PNG.sync.read(expected)
  const b = PNG.sync.read(actual)
  if (a.width !== b.width || a.height !== b.height) {
    const width = Math.max(a.width, b.width)
    const height = Math.max(a.height, b.height)
    const diff = new PNG({ width, height })
    diff.data.fill(0)
    for (let i = 0; i < diff.data.length; i += 4) {
      diff.data[i] = 255
      diff.data[i + 2] = 255
      diff.data[i + 3] = 255
    }
    const overlap = { width: Math.min(a.width, b.width), height: Math.min(a.height, b.height) }
    for (let y = 0; y < overlap.height; y++)
      for (let x = 0; x < overlap.width; x++) {
        const ia = (y * a.width + x) * 4
        const ib = (y * b.width + x) * 4
        const id = (y * width + x) * 4
        const same =
          a.data[ia] === b.data[ib] && a.data[ia + 1] === b.data[ib + 1] && a.data[ia + 2] === b.data[ib + 2]
        const grey = Math.round((b.data[ib] + b.data[ib + 1] + b.data[ib + 2]) / 3)
        diff.data[id] = same ? 255 - (255 - grey) / 4 : 255
        diff.data[id + 1] = same ? 255 - (255 - grey) / 4 : 0
        diff.data[id + 2] = same ? 255 - (255 - grey) / 4 : 0
      }
    return {
      status: 'changed',
      diffPixels: width * height,
      ratio: 1,
      diff: PNG.sync.write(diff),
      reason: `size changed from ${a.width}x${a.height} to ${b.width}x${b.height}`,
    }
  }
  const diff = new PNG({ width: a.width, height: a.height })
  const diffPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
    threshold: pixelThreshold,
    alpha: 0.2,
  })
  const ratio = diffPixels / (a.width * a.height)
  if (diffPixels <= maxDiffPixels || ratio <= maxDiffRatio) return { status: 'same', diffPixels, ratio }
  return {
    status: 'changed',
    diffPixels,
    ratio,
    diff: PNG.sync.write(diff),
    reason: `${diffPixels} pixels differ (${formatPercent(ratio)})`,
  }
}

export const formatPercent = (ratio: number) =>
  `${(ratio * 100).toFixed(ratio < 0.001 ? 3 : ratio < 0.1 ? 2 : 1)} %`
