import { useComputedColorScheme } from '@mantine/core';
import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

export interface ChartPoint {
  /** Seconds since the epoch. */
  time: number;
  value: number;
}

/** "Staked + Earned Over Time": the last 10 polled points; loaded lazily with lightweight-charts. */
export default function StakingChart({ points }: { points: readonly ChartPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    if (!box.current) return;
    const created = createChart(box.current, { autoSize: true, height: 220 });
    chart.current = created;
    series.current = created.addSeries(AreaSeries, {
      lineColor: '#228be6',
      topColor: 'rgba(34, 139, 230, 0.4)',
      bottomColor: 'rgba(34, 139, 230, 0.02)',
      lineWidth: 2,
    });
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const dark = scheme === 'dark';
    chart.current?.applyOptions({
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: dark ? '#c9c9c9' : '#333333' },
      grid: {
        vertLines: { color: dark ? '#2c2e33' : '#eeeeee' },
        horzLines: { color: dark ? '#2c2e33' : '#eeeeee' },
      },
      timeScale: { timeVisible: true, secondsVisible: true },
    });
  }, [scheme]);

  useEffect(() => {
    series.current?.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={box} style={{ width: '100%', height: 220 }} />;
}
