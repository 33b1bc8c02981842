import { Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';
import { paths } from '../../config/paths';
import classes from './main-shell.module.css';

/** The narrow column that will list workspaces per organization (spec §2); until then, home. */
export function WorkspaceRail() {
  return (
    <div className={classes.rail} data-testid="workspace-rail">
      <Tooltip label="Tracklane home" position="right">
        <Link to={paths.home} className={classes.railHome} aria-label="Tracklane home">
          <LogoMark size={34} />
        </Link>
      </Tooltip>
    </div>
  );
}
