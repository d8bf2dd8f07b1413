import { useComputedColorScheme } from '@mantine/core';
import {
  AreaSeries,
  ColorType,
  type AutoscaleInfo,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { tickMarkFormatter } from '../../../lib/charts';

export interface ChartPoint {
  /** Seconds since the epoch. */
  time: number;
  value: number;
}

/** Axis and label numbers with thousands separators: 400,000 rather than 400000.00. */
const axisNumber = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

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
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    if (!box.current) return;
    const created = createChart(box.current, {
      autoSize: true,
      height: 220,
      // A picture of the last readings: no panning or zooming (a finger on a phone scrolls the page),
      // every reading kept in view and the edge time labels kept inside the box.
      handleScroll: false,
      handleScale: false,
      timeScale: { fixLeftEdge: true, fixRightEdge: true, timeVisible: true, secondsVisible: true, tickMarkFormatter },
      localization: { priceFormatter: axisNumber },
    });
    chart.current = created;
    series.current = created.addSeries(AreaSeries, {
      lineColor: '#228be6',
      topColor: 'rgba(34, 139, 230, 0.4)',
      bottomColor: 'rgba(34, 139, 230, 0.02)',
      lineWidth: 2,
      pointMarkersVisible: true, // each poll's reading, visible while there are only a few
      priceFormat: { type: 'custom', formatter: axisNumber, minMove: 0.01 },
      autoscaleInfoProvider: roomyRange,
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
      // entireTextOnly: no half-cut price label at the top or bottom edge.
      rightPriceScale: { borderColor: dark ? '#5c5f66' : '#ced4da', entireTextOnly: true },
      timeScale: { borderColor: dark ? '#5c5f66' : '#ced4da' },
    });
  }, [scheme]);

  useEffect(() => {
    series.current?.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={box} style={{ width: '100%', height: 220 }} />;
}
