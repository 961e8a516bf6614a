/**
 * Accessible single-series bar chart wrapping chart.js through react-chartjs-2; draws
 * the 'Sirens traités' charts of the update log (SPEC section 2 'Update log').
 */
import type { ChartData, ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { VisuallyHidden } from '../VisuallyHidden';
import './registerBarChart';

/** Props of `BarChart`. */
export interface BarChartProps {
  /** One label per bar (x axis). */
  labels: string[];
  /** One value per label. */
  values: number[];
  /** Name of the series (tooltip). */
  seriesLabel: string;
  /** Accessible name of the chart image. */
  ariaLabel: string;
  /** `data-testid` of the wrapper, which also carries `data-labels` (labels joined by commas). */
  testId?: string;
  /** Height in pixels (the width follows the container). */
  height?: number;
}

const BAR_COLOR = '#1d4ed8';

/**
 * A single-series bar chart (chart.js through react-chartjs-2) sized to its container. The canvas
 * is an image named `ariaLabel`, followed by a visually hidden list '{label} : {value}' for screen
 * readers; the wrapper exposes `data-labels` / `data-values` for tests.
 */
export function BarChart({ labels, values, seriesLabel, ariaLabel, testId, height = 260 }: BarChartProps) {
  const data = useMemo<ChartData<'bar'>>(
    () => ({
      labels,
      datasets: [{ label: seriesLabel, data: values, backgroundColor: BAR_COLOR, borderRadius: 3, maxBarThickness: 36 }],
    }),
    [labels, values, seriesLabel],
  );
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: { duration: 300 },
      locale: 'fr-FR',
      scales: {
        x: { grid: { display: false }, ticks: { maxRotation: 0, font: { size: 11 } } },
        y: { beginAtZero: true, ticks: { precision: 0 } },
      },
      plugins: { tooltip: { displayColors: false } },
    }),
    [],
  );
  return (
    <div
      data-testid={testId}
      data-labels={labels.join(',')}
      data-values={values.join(',')}
      style={{ position: 'relative', height, width: '100%' }}
    >
      <Bar data={data} options={options} aria-label={ariaLabel} />
      <VisuallyHidden as="div">
        <ul aria-label={ariaLabel}>
          {labels.map((label, index) => (
            <li key={label}>{`${label}\u00a0: ${values[index] ?? 0}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </div>
  );
}
