// Inline SVG icons (markup, not remote images). Icons that point along the line (back, chevron,
// external link, sent / received arrows) carry `mirror-rtl`: flipped when the modal is right to left.
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const

export const CloseIcon = () => (
  <svg aria-hidden="true" {...common}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
)
export const BackIcon = () => (
  <svg aria-hidden="true" className="mirror-rtl" {...common}>
    <path d="m15 18-6-6 6-6" />
  </svg>
)
export const CopyIcon = () => (
  <svg aria-hidden="true" {...common}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </svg>
)
export const CheckIcon = () => (
  <svg aria-hidden="true" {...common}>
    <path d="M20 6 9 17l-5-5" />
  </svg>
)
export const ExternalIcon = () => (
  <svg aria-hidden="true" className="mirror-rtl" {...common}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
)
export const PowerIcon = () => (
  <svg aria-hidden="true" {...common}>
    <path d="M12 3v9M6.3 7.3a8 8 0 1 0 11.4 0" />
  </svg>
)
export const ChevronIcon = () => (
  <svg aria-hidden="true" className="mirror-rtl" {...common}>
    <path d="m9 18 6-6-6-6" />
  </svg>
)
export const ArrowUpRightIcon = () => (
  <svg aria-hidden="true" className="mirror-rtl" {...common}>
    <path d="M7 17 17 7M8 7h9v9" />
  </svg>
)
export const ArrowDownLeftIcon = () => (
  <svg aria-hidden="true" className="mirror-rtl" {...common}>
    <path d="M17 7 7 17M16 17H7V8" />
  </svg>
)
export const SwapIcon = () => (
  <svg aria-hidden="true" {...common}>
    <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />
  </svg>
)
