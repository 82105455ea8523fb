interface Props {
  size?: number;
}

/** The Vigia mark: a watchtower eye over a pulse line, drawn in the current text colour. */
export function BrandMark({ size = 40 }: Props) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="9" fill="currentColor" />
      <path
        d="M8 21h6l3-7 5 13 3-6h7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
