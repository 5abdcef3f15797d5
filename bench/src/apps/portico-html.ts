// The minimal app without a framework of its own: the same connect button + modal
// (React inside @portico/html) mounted with mountPortico() into the page's #root.
// Beside `portico.tsx` it shows what the framework-free mount costs on the first load.
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { mountPortico } from '@portico/html'

const portico = createPortico({ adapters: [evmAdapter({ networks: [mainnet] })] })

mountPortico(portico, document.getElementById('root')!)
