import { useEffect, useRef, type MouseEvent } from 'react';
import type { ResolvedPopupPromotionProps as PopupPromotionProps } from '../../schemas/generated/block-props';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { isPromoWindowOpen } from '../promo-banner/promo-window';
import { siteTimeZone } from '../../runtime/domain/time/site-time-zone';
import { popupClosedKey, rememberClosed, wasClosed } from './popup-state';
import './styles.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

/**
 * A modal <dialog>: rendered closed on the server (the closed state lives in the browser), opened in an effect when
 * the shopper has not closed it and it has not expired. The dialog moves focus to its first control, keeps it
 * inside, closes on Escape, and gives focus back to where it was.
 */
export default function PopupPromotion({ props, block }: BlockComponentProps<PopupPromotionProps>) {
  const site = useSite();
  const dialog = useRef<HTMLDialogElement>(null);
  const key = popupClosedKey(site.slug, block.id);
  const titleId = `${block.id}-title`;
  const timeZone = siteTimeZone(site);

  useEffect(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    // docs/requirements/dealer-services.md#states: hidden once expiryDate has passed; visible until closed.
    if (!isPromoWindowOpen({ expiry: props.expiryDate }, Date.now(), timeZone)) return;
    if (wasClosed(window.localStorage, key)) return;
    const timer = setTimeout(() => {
      if (!el.open && el.isConnected) el.showModal();
    }, props.delaySeconds * 1000);
    return () => clearTimeout(timer);
  }, [key, props.expiryDate, props.delaySeconds, timeZone]);

  // Every way of closing (button, Escape, backdrop, the promotion's own button) is remembered, at once: the dialog's
  // close event is queued, so a reload right after Escape could come before it (CI saw the popup again after a reload).
  const remember = () => rememberClosed(window.localStorage, key);
  const close = () => {
    remember();
    dialog.current?.close();
  };
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) close();
  };

  return (
    <dialog ref={dialog} className="popup-promotion" aria-labelledby={titleId} onCancel={remember} onClose={remember} onClick={onBackdrop}>
      <div className="popup-promotion-body">
        <button type="button" className="popup-promotion-close" aria-label="Close" onClick={close}>
          ×
        </button>
        {props.src && <ResponsiveImage className="popup-promotion-image" src={props.src} alt="" width={600} height={400} />}
        <div className="popup-promotion-text">
          <h2 id={titleId}>{props.title}</h2>
          {props.description && <p>{props.description}</p>}
          {props.buttonText && props.linkTo && (
            <span onClick={close}>
              <SiteLink href={props.linkTo} className="button button-primary popup-promotion-button">
                {props.buttonText}
              </SiteLink>
            </span>
          )}
        </div>
      </div>
    </dialog>
  );
}
