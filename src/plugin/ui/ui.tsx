import '!./ui.css'

import { render } from '@create-figma-plugin/ui'

import { Plugin } from './plugin'

export default render(Plugin)
