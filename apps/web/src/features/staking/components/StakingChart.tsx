import { AreaSeries, type AutoscaleInfo, type UTCTimestamp } from 'lightweight-charts';
import { useEffect } from 'react';
import { currentLanguage } from '../../../shared/language/i18n';
import { useThemedChart } from '../../../lib/useThemedChart';

export interface ChartPoint {
  /** Seconds since the epoch. */
  time: number;
  value: number;
}

/** Axis and label numbers with the reader's thousands separators: 400,000 rather than 400000.00. */
const axisNumber = (value: number) => value.toLocaleString(currentLanguage(), { maximumFractionDigits: 2 });

/**
 * While nothing changes (a flat line), the automatic range is a hair wide and the axis reads
 * 399999.95 … 400000.05; give it ±1 % (at least ±1) around the value instead, never below zero.
 */
function roomyRange(original: () => AutoscaleInfo | null): AutoscaleInfo | null {
  const info = original();
  if (!info?.priceRange) return info;
  const { minValue, maxValue } = info.priceRange;
  const pad = Math.max(1, Math.abs(maxValue) * 0.01);
  if (maxValue - minValue >= pad) return info;
  const mid = (minValue + maxValue) / 2;
  return { ...info, priceRange: { minValue: Math.max(0, mid - pad), maxValue: mid + pad } };
}

/** "Staked + Earned Over Time": the last 10 polled points; loaded lazily with lightweight-charts. */
export default function StakingChart({ points }: { points: readonly ChartPoint[] }) {
  const { box, chart, series } = useThemedChart(
    220,
    (created) =>
      created.addSeries(AreaSeries, {
        lineColor: '#228be6',
        topColor: 'rgba(34, 139, 230, 0.4)',
        bottomColor: 'rgba(34, 139, 230, 0.02)',
        lineWidth: 2,
        pointMarkersVisible: true, // each poll's reading, visible while there are only a few
        priceFormat: { type: 'custom', formatter: axisNumber, minMove: 0.01 },
        autoscaleInfoProvider: roomyRange,
      }),
    { localization: { priceFormatter: axisNumber } },
  );

  useEffect(() => {
    series.current?.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [points, chart, series]);

  return <div ref={box} style={{ width: '100%', height: 220 }} />;
}
