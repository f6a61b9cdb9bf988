// The dealer's external booking page in a sandboxed frame (docs/requirements/dealer-services.md#screens), with a plain link for when frames are blocked.
export function ExternalBookingFrame({ url, title, height }: { url: string; title: string; height: number }) {
  return (
    <div className="service-frame">
      <iframe
        src={url}
        title={title}
        height={height}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        // Scripts and forms for the booking itself; no top navigation of this site.
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
      />
      <p className="service-frame-fallback">
        Booking form not showing?{' '}
        <a href={url} rel="noopener noreferrer">
          {title}
        </a>
      </p>
    </div>
  );
}
