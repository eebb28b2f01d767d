/** The Olimpo Peças wordmark: a laurel-and-gear emblem drawn for this project. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg aria-hidden="true" width="36" height="36" viewBox="0 0 40 40">
        <circle cx="20" cy="20" r="18" fill="#f6aa1c" />
        <circle cx="20" cy="20" r="11" fill="none" stroke="#1f1f1f" strokeWidth="3" strokeDasharray="4.3 2.6" />
        <circle cx="20" cy="20" r="5" fill="#1f1f1f" />
        <path d="M8 27c3 4 7 6 12 6s9-2 12-6" fill="none" stroke="#1f1f1f" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="text-xl leading-none font-extrabold tracking-tight text-white">
        Olimpo <span className="text-brand">Peças</span>
      </span>
    </span>
  );
}
