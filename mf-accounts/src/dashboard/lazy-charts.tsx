import { type ComponentProps, type ComponentType, Suspense, lazy } from 'react';
import { Spinner } from '@fluentui/react-components';

/**
 * Fluent's charts (with d3) are the heaviest part of the dashboard, and no card needs them for
 * the first paint: a card draws its chart only once its figures have arrived. Each chart here is
 * a stand-in that fetches the chart library on its first render (one chunk, shared by all charts
 * and the Business Accounts graph) and shows a spinner of the chart's height meanwhile (issue 16).
 */
type Charts = typeof import('@fluentui/react-charts');
type ChartName = 'LineChart' | 'VerticalBarChart' | 'GroupedVerticalBarChart';

// webpackExports: only these three (and what they use) go into the chunk; the whole library is
// several times larger, and a plain dynamic import cannot be tree-shaken.
const loadCharts = () => import(/* webpackExports: ["LineChart", "VerticalBarChart", "GroupedVerticalBarChart"] */ '@fluentui/react-charts');

function lazyChart<N extends ChartName>(name: N) {
  // The props are typed by Chart below; inside, the three charts' props need not be told apart.
  const Lazy = lazy(async () => ({ default: (await loadCharts())[name] as ComponentType<object> }));
  function Chart(props: ComponentProps<Charts[N]>) {
    const height = (props as { height?: number }).height ?? 240;
    return (
      <Suspense fallback={<Spinner size="small" label="Loading the chart..." style={{ minHeight: height }} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Chart.displayName = `Lazy${name}`;
  return Chart;
}

export const LineChart = lazyChart('LineChart');
export const VerticalBarChart = lazyChart('VerticalBarChart');
export const GroupedVerticalBarChart = lazyChart('GroupedVerticalBarChart');
