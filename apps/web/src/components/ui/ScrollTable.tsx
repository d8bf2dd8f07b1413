import { Table } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import classes from './ScrollTable.module.css';

/**
 * Names each body cell after its column (`data-label`), so that on a phone, where the rows become cards, every
 * value is read beside its name. Done here, once, for every table of the app: rows may come from any component.
 * Kept current while rows and headings change (data arriving, a page turned).
 */
function useCellLabels(box: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    const label = () => {
      for (const table of root.querySelectorAll('table')) {
        const headings = [...(table.tHead?.rows[0]?.cells ?? [])].flatMap((th) =>
          Array<string>(th.colSpan).fill(th.textContent?.trim() ?? ''),
        );
        for (const body of table.tBodies)
          for (const row of body.rows) {
            let column = 0;
            for (const cell of row.cells) {
              const name = cell.colSpan === 1 ? (headings[column] ?? '') : '';
              if (name && cell.dataset.label !== name) cell.dataset.label = name;
              if (!name && cell.dataset.label !== undefined) delete cell.dataset.label;
              column += cell.colSpan;
            }
          }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [box]);
}

interface ScrollTableProps {
  minWidth: number;
  /** The scrolling region's name. */
  label: string;
  /**
   * On a phone, the cells side by side in a card: 1 (the default) gives each its own line, name and value on it;
   * 3 puts short values (the bot's messages) three to a line, each under its name, for a shorter list.
   */
  cardColumns?: 1 | 3;
  /**
   * False keeps the table a table on a phone: for a two-column name/value list, already one card's worth, which
   * would read "Field … Value …" as cards.
   */
  asCards?: boolean;
  children: ReactNode;
}

/**
 * A table that scrolls sideways when the screen is narrower than `minWidth`; below 600 px (a phone) each row is a
 * card instead, every cell on its own line under its column's name, so nothing is cut off or hidden at the
 * edge. Its scrolling area is a named region in the tab order, so a keyboard user can scroll it too (axe:
 * scrollable-region-focusable).
 */
export function ScrollTable({ minWidth, label, cardColumns = 1, asCards = true, children }: ScrollTableProps) {
  const box = useRef<HTMLDivElement>(null);
  useCellLabels(box);
  const cards = asCards ? { className: classes.cards, 'data-card-list': '', 'data-card-columns': cardColumns } : {};
  return (
    <div ref={box} {...cards}>
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
      >
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
