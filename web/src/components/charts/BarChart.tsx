/**
 * Accessible bar chart wrapping chart.js through react-chartjs-2: one series (the 'Sirens traités' charts of
 * the update log, SPEC section 2 'Update log') or several stacked ones with a legend (a customer's Prod and
 * Sandbox API calls per day).
 */
import type { ChartData, ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { VisuallyHidden } from '../VisuallyHidden';
import './registerBarChart';

/** One series of bars: one value per label. */
export interface BarSeries {
  /** Name of the series (tooltip, legend). */
  label: string;
  values: number[];
  /** Bar colour (CSS); the chart's blue by default. */
  color?: string;
}

/** Props of `BarChart`. */
export interface BarChartProps {
  /** One label per bar (x axis). */
  labels: string[];
  /** One series, or several drawn stacked, with a legend. */
  series: BarSeries[];
  /** Accessible name of the chart image. */
  ariaLabel: string;
  /**
   * `data-testid` of the wrapper, which also carries `data-labels` (labels joined by commas) and `data-values`
   * (each label's total over the series).
   */
  testId?: string;
  /** Height in pixels (the width follows the container). */
  height?: number;
}

const BAR_COLOR = '#1d4ed8';
const NBSP = '\u00a0';

/** Each label's value (one series) or its values per series, as the hidden list reads them. */
function describe(series: BarSeries[], index: number): string {
  if (series.length === 1) return String(series[0].values[index] ?? 0);
  return series.map((s) => `${s.label} ${s.values[index] ?? 0}`).join(', ');
}

/**
 * A bar chart (chart.js through react-chartjs-2) sized to its container; several series are stacked. The canvas
 * is an image named `ariaLabel`, followed by a visually hidden list '{label} : {value}' (several series:
 * '{label} : Prod 3, Sandbox 1') for screen readers; the wrapper exposes `data-labels` / `data-values` for tests.
 */
export function BarChart({ labels, series, ariaLabel, testId, height = 260 }: BarChartProps) {
  const stacked = series.length > 1;
  const data = useMemo<ChartData<'bar'>>(
    () => ({
      labels,
      datasets: series.map((s) => ({
        label: s.label,
        data: s.values,
        backgroundColor: s.color ?? BAR_COLOR,
        borderRadius: stacked ? 0 : 3,
        maxBarThickness: 36,
      })),
    }),
    [labels, series, stacked],
  );
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: { duration: 300 },
      locale: 'fr-FR',
      scales: {
        x: { stacked, grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, font: { size: 11 } } },
        y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
      },
      plugins: {
        legend: { display: stacked, position: 'bottom' },
        tooltip: { displayColors: stacked, mode: stacked ? 'index' : 'nearest' },
      },
    }),
    [stacked],
  );
  const totals = labels.map((_, index) => series.reduce((sum, s) => sum + (s.values[index] ?? 0), 0));
  return (
    <div
      data-testid={testId}
      data-labels={labels.join(',')}
      data-values={totals.join(',')}
      style={{ position: 'relative', height, width: '100%' }}
    >
      <Bar data={data} options={options} aria-label={ariaLabel} />
      <VisuallyHidden as="div">
        <ul aria-label={ariaLabel}>
          {labels.map((label, index) => (
            <li key={label}>{`${label}${NBSP}: ${describe(series, index)}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </div>
  );
}
