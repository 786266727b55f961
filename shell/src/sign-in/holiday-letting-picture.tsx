/** The sign-in page's picture, drawn inline so the page needs no image download. */
export function HolidayLettingPicture() {
  return (
    <svg viewBox="0 0 800 900" preserveAspectRatio="xMidYMid slice" width="100%" height="100%" role="presentation">
      <defs>
        <linearGradient id="oa-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f6cbd" />
          <stop offset="1" stopColor="#7cc4f4" />
        </linearGradient>
        <linearGradient id="oa-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1e88c9" />
          <stop offset="1" stopColor="#0b4f80" />
        </linearGradient>
      </defs>
      <rect width="800" height="900" fill="url(#oa-sky)" />
      <circle cx="620" cy="190" r="70" fill="#ffd45c" opacity="0.95" />
      <path d="M0 560 Q200 520 400 560 T800 560 V900 H0 Z" fill="url(#oa-sea)" />
      <path d="M0 600 Q100 585 200 600 T400 600 T600 600 T800 600" stroke="#bfe3fb" strokeWidth="4" fill="none" opacity="0.6" />
      <path d="M0 650 Q100 635 200 650 T400 650 T600 650 T800 650" stroke="#bfe3fb" strokeWidth="3" fill="none" opacity="0.4" />
      <path d="M0 720 Q250 660 520 700 T800 690 V900 H0 Z" fill="#f3dfb5" />
      <g transform="translate(150 420)">
        <rect x="0" y="90" width="260" height="170" fill="#ffffff" />
        <polygon points="-20,95 130,0 280,95" fill="#c0504d" />
        <rect x="30" y="130" width="60" height="50" fill="#7cc4f4" stroke="#5a6b7b" strokeWidth="4" />
        <rect x="170" y="130" width="60" height="50" fill="#7cc4f4" stroke="#5a6b7b" strokeWidth="4" />
        <rect x="105" y="170" width="50" height="90" fill="#8a5a3b" />
      </g>
      <g transform="translate(560 470)" fill="#2f6b3a">
        <rect x="-6" y="40" width="12" height="230" fill="#7a5230" transform="rotate(6)" />
        <path d="M0 40 q-80 -40 -140 10 q70 -20 140 -10z" />
        <path d="M0 40 q80 -40 140 10 q-70 -20 -140 -10z" />
        <path d="M0 40 q-30 -80 -110 -90 q60 30 110 90z" />
        <path d="M0 40 q30 -80 110 -90 q-60 30 -110 90z" />
      </g>
    </svg>
  );
}
