import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Bar, Doughnut } from 'react-chartjs-2'
import { themeAtom } from '../../state/theme.ts'

// Chart.js (canvas, tree-shaken to the parts used here) rather than recharts: a third of the size
// gzipped, no extra state library, and a year of daily bars draws in one canvas instead of 365 SVG nodes.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip)

/** The theme's colours for a canvas, which cannot read Tailwind's classes: the brand as the theme sets it. */
function useChartColors() {
  const dark = useAtomValue(themeAtom) === 'dark'
  const brand = getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim() || '#6e31ef'
  return { brand, text: dark ? '#cbd5e1' : '#475569', grid: dark ? 'rgba(148,163,184,0.15)' : 'rgba(100,116,139,0.15)' }
}

/** Bars of counts with their labels; horizontal for names (they read better on a phone). */
export function CountBars({ labels, values, label, horizontal = false, testId }: { labels: string[]; values: number[]; label: string; horizontal?: boolean; testId: string }) {
  const colors = useChartColors()
  const axis = { ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } }
  return (
    <div className="relative h-64 w-full" data-testid={testId}>
      <Bar
        aria-label={label}
        role="img"
        data={{ labels, datasets: [{ label, data: values, backgroundColor: colors.brand, borderRadius: 4, maxBarThickness: 36 }] }}
        options={{ indexAxis: horizontal ? 'y' : 'x', responsive: true, maintainAspectRatio: false, animation: false, scales: { x: axis, y: axis }, plugins: { tooltip: { enabled: true } } }}
      />
    </div>
  )
}

/** A half-ring from 0 to 10 with the score's share filled, coloured by band (detractor, passive, promoter). */
export function ScoreGauge({ value, label }: { value: number; label: string }) {
  const dark = useAtomValue(themeAtom) === 'dark'
  const { i18n } = useTranslation()
  const v = Math.max(0, Math.min(10, value))
  const color = v >= 9 ? '#16a34a' : v >= 7 ? '#eab308' : '#dc2626'
  return (
    <div className="relative mx-auto h-36 w-64 max-w-full">
      <Doughnut
        aria-label={label}
        role="img"
        data={{ datasets: [{ data: [v, 10 - v], backgroundColor: [color, dark ? '#334155' : '#e2e8f0'], borderWidth: 0 }] }}
        options={{ rotation: -90, circumference: 180, cutout: '72%', responsive: true, maintainAspectRatio: false, animation: false, plugins: { tooltip: { enabled: false } } }}
      />
      <span className="absolute inset-x-0 bottom-1 text-center text-3xl font-bold">{v.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}</span>
    </div>
  )
}
