/**
 * The publish bar stays at the top of the admin while staff scroll (AdminApp), and its height changes (it wraps on a
 * phone, a failed build adds a line). Its height becomes the page's scroll padding, so whatever the browser scrolls
 * into view (an editor opened by Convert, Add New Page or a list's Edit; the first bad field a failed save focuses;
 * an anchor) stops below the bar instead of under it (#31).
 */
import { useEffect, type RefObject } from 'react';

export function useStickyOffset(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const set = () => {
      root.style.scrollPaddingTop = `${Math.ceil(el.getBoundingClientRect().height) + 8}px`;
    };
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, [bar]);
}
