from django.apps import AppConfig


class SocialConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "social"
    verbose_name = "Play together: challenges, follows and leagues"

    def ready(self) -> None:
        # The daily board answers ?among=following and ?league=<code> through this app.
        from games.apis.boards import daily_board_filter_register
        from social.apis.boards import FilteredDailyBoardApi

        view = FilteredDailyBoardApi.as_view()
        daily_board_filter_register("among", view)
        daily_board_filter_register("league", view)
        # A session logged out no longer stands for its player on the stored path.
        from django.contrib.auth.signals import user_logged_out

        from social.selectors.stored import reader_forget

        def forget(sender, request, user, **kwargs):
            if request is not None and request.session.session_key:
                reader_forget(request.session.session_key)

        user_logged_out.connect(forget, dispatch_uid="social.reader_forget", weak=False)
