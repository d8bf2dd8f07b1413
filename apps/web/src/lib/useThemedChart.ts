import { useComputedColorScheme } from '@mantine/core';
import { ColorType, createChart, type ChartOptions, type DeepPartial, type IChartApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { tickMarkFormatter } from './charts';

/**
 * A lightweight-charts time chart as every chart of ours is drawn: a picture, not a trading tool (no panning
 * or zooming, so a finger on a phone scrolls the page; every point always in view and the edge time labels
 * kept inside the box), in the colours of the light or dark scheme. `addSeries` adds the chart's series once,
 * when the chart is created; `series` holds them while the chart lives. Put `box` on a div of `height`.
 */
export function useThemedChart<Series>(
  height: number,
  addSeries: (chart: IChartApi) => Series,
  options: DeepPartial<ChartOptions> = {},
) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<Series | null>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    if (!box.current) return;
    const created = createChart(box.current, {
      autoSize: true,
      height,
      handleScroll: false,
      handleScale: false,
      timeScale: { fixLeftEdge: true, fixRightEdge: true, timeVisible: true, secondsVisible: true, tickMarkFormatter },
      ...options,
    });
    chart.current = created;
    series.current = addSeries(created);
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once: the options and series are constants
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

  return { box, chart, series };
}
