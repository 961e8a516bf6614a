/**
 * Side-effect module registering only the chart.js parts a bar chart needs
 * (tree-shaken chart.js setup for `BarChart`).
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

/**
 * Registers only the chart.js parts a bar chart needs (controller, bars, category and linear
 * scales, tooltip, the legend of stacked series), so the rest of chart.js stays out of the bundle. Imported for its effect by
 * `BarChart`, which only lazily loaded pages use.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
