import { Fragment } from 'react';
import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Button, makeStyles, tokens } from '@fluentui/react-components';
import { Navigation24Regular } from '@fluentui/react-icons';
import { useLocation, useNavigate } from 'shared-ui/router';
import { breadcrumbs } from 'shared-ui/core';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, height: '100%', padding: `0 ${tokens.spacingHorizontalM}`, minWidth: 0, overflow: 'hidden' },
  crumbs: { minWidth: 0, overflow: 'hidden' },
});

/** The page header: sidebar toggle and a breadcrumb per path segment (spec 1 §2.2). */
export function PageHeader({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const crumbs = breadcrumbs(location.pathname);
  return (
    <div className={styles.header}>
      <Button appearance="subtle" icon={<Navigation24Regular />} aria-label="Toggle sidebar" onClick={onToggleSidebar} />
      <Breadcrumb aria-label="Breadcrumb" className={styles.crumbs} size="medium">
        {crumbs.map((crumb, i) => (
          <Fragment key={crumb.path}>
            <BreadcrumbItem>
              <BreadcrumbButton current={i === crumbs.length - 1} onClick={() => navigate(crumb.path)}>
                {crumb.label}
              </BreadcrumbButton>
            </BreadcrumbItem>
            {i < crumbs.length - 1 && <BreadcrumbDivider />}
          </Fragment>
        ))}
      </Breadcrumb>
    </div>
  );
}
